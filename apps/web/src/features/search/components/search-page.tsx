import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  readSearchParams,
  type SearchParams,
  type SearchSection,
  writeSearchParams,
} from '../logic/search-params';
import { DeviceNameSearch } from './device-name-search';
import { MetadataSearch } from './metadata-search';

/** Spec 2 §9: the device metadata search waits for a 1 s pause in typing; the name search does the same. */
export const SEARCH_PAUSE_MS = 1000;

/**
 * /search (spec 2 §2.7): a metadata search and a device name search, over one filter text. The tab,
 * key, filter and the time the filter was applied sit in the address, so a reload or a link repeats it.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const search = readSearchParams(params);
  const update = (changes: Partial<SearchParams>) =>
    setParams((current) => writeSearchParams(current, changes), { replace: true });
  const [text, setText] = useState(search.searchFilter);
  const applied = useDebouncedValue(text.trim(), SEARCH_PAUSE_MS);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly applied filter writes the address
  useEffect(() => {
    if (applied !== search.searchFilter) update({ searchFilter: applied, timestamp: String(Date.now()) });
  }, [applied]);

  const tabId = (section: SearchSection) => `search-tab-${section}`;
  const panelId = (section: SearchSection) => `search-panel-${section}`;
  return (
    <>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Device Search
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Tabs
          value={search.section}
          onChange={(_event, section: SearchSection) => update({ section })}
          aria-label="Search by"
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 2 }}
        >
          <Tab
            value="metadata"
            label="Metadata Search"
            id={tabId('metadata')}
            aria-controls={panelId('metadata')}
          />
          <Tab
            value="device_name"
            label="Device Name"
            id={tabId('device_name')}
            aria-controls={panelId('device_name')}
          />
        </Tabs>
        <div role="tabpanel" id={panelId(search.section)} aria-labelledby={tabId(search.section)}>
          {search.section === 'metadata' ? (
            <MetadataSearch
              searchKey={search.searchKey}
              onSearchKeyChange={(searchKey) => update({ searchKey, timestamp: String(Date.now()) })}
              text={text}
              onTextChange={setText}
              filter={search.searchFilter}
              timestamp={search.timestamp}
            />
          ) : (
            <DeviceNameSearch
              text={text}
              onTextChange={setText}
              filter={search.searchFilter}
              timestamp={search.timestamp}
            />
          )}
        </div>
      </Paper>
    </>
  );
}
