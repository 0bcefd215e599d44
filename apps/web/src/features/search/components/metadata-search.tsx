import {
  METADATA_LABELS,
  METADATA_SEARCH_PAGE_SIZE,
  type MetadataSearchEntry,
  SEARCHABLE_METADATA_KEYS,
  type SearchableMetadataKey,
} from '@ec/contract/device-metadata';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { DataTableColumn } from '../../../components/ui/data-table/data-table-types';
import { DeviceLabel } from '../../../components/ui/device-label';
import { SearchField } from '../../../components/ui/search-field';
import { useTokenPagination } from '../../../lib/use-token-pagination';
import { useMetadataSearch } from '../api/search-metadata';
import { SearchHint } from './search-hint';

const columns = (key: SearchableMetadataKey): DataTableColumn<MetadataSearchEntry>[] => [
  {
    id: 'device',
    header: 'Device',
    cell: (entry) => (
      <DeviceLabel deviceGuid={entry.device_guid} name={entry.device_name} alertCount={entry.alert_count} />
    ),
  },
  { id: 'value', header: METADATA_LABELS[key], cell: (entry) => entry.value },
];

/**
 * The Metadata Search tab: a key (Device Alias, Location, Note) and a text; the values found show as
 * chips above the devices that hold them, 50 a page.
 */
export function MetadataSearch(props: {
  searchKey: SearchableMetadataKey;
  onSearchKeyChange: (key: SearchableMetadataKey) => void;
  text: string;
  onTextChange: (text: string) => void;
  filter: string;
  timestamp: string | null;
}) {
  const { searchKey, filter, timestamp } = props;
  const paging = useTokenPagination([searchKey, filter, timestamp]);
  const results = useMetadataSearch({ key: searchKey, filter, timestamp, token: paging.token });
  const rows = results.data?.metadata ?? [];
  const values = [...new Set(rows.map((entry) => entry.value))];
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Search Key"
          size="small"
          value={searchKey}
          onChange={(event) => props.onSearchKeyChange(event.target.value as SearchableMetadataKey)}
          sx={{ minWidth: { sm: 180 } }}
        >
          {SEARCHABLE_METADATA_KEYS.map((key) => (
            <MenuItem key={key} value={key}>
              {METADATA_LABELS[key]}
            </MenuItem>
          ))}
        </TextField>
        <SearchField
          label={`Search ${METADATA_LABELS[searchKey]}`}
          value={props.text}
          onChange={props.onTextChange}
        />
      </Stack>
      {filter ? (
        <>
          {values.length > 0 && (
            <Stack
              component="ul"
              aria-label="Matching values"
              direction="row"
              useFlexGap
              sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
            >
              {values.map((value) => (
                <li key={value}>
                  <Chip label={value} size="small" color="primary" variant="outlined" />
                </li>
              ))}
            </Stack>
          )}
          <DataTable
            label="Metadata search results"
            columns={columns(searchKey)}
            rows={rows}
            rowKey={(entry) => `${entry.device_guid}:${entry.key}`}
            emptyText="No devices"
            query={results}
            paging={{
              kind: 'token',
              state: paging,
              nextToken: results.data?.pagination_token,
              pageSize: METADATA_SEARCH_PAGE_SIZE,
            }}
          />
        </>
      ) : (
        <SearchHint />
      )}
    </Stack>
  );
}
