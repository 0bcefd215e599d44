import { describe, expect, it } from 'vitest';
import { readPeriodChoice } from '../../../components/ui/period-search-params';
import { type ExplorerView, explorerSearch, readExplorerView, writeExplorerView } from './explorer-params';

const GUID_A = '11111111-1111-4111-8111-111111111111';
const GUID_B = '22222222-2222-4222-8222-222222222222';

describe('explorer address', () => {
  it('reads back the view it wrote, period included', () => {
    const view: ExplorerView = {
      deviceGuids: [GUID_A, GUID_B],
      metrics: [
        { namespace: 'system', metric_name: 'cpu_percent_used' },
        { namespace: 'inputs', metric_name: 'input_1_bitrate_kbps' },
      ],
      section: 'data',
    };
    const start = new Date('2026-01-02T03:00:00.000Z');
    const end = new Date('2026-01-03T03:00:00.000Z');
    const search = new URLSearchParams(explorerSearch(view, { key: 'custom', start, end }));

    expect(search.get('metrics')).toBe('system/cpu_percent_used,inputs/input_1_bitrate_kbps');
    expect(readExplorerView(search)).toEqual(view);
    expect(readPeriodChoice(search)).toEqual({ key: 'custom', start, end });
  });

  it('opens the graph of nothing for an empty address', () => {
    expect(readExplorerView(new URLSearchParams())).toEqual({
      deviceGuids: [],
      metrics: [],
      section: 'graph',
    });
  });

  it('drops unknown namespaces, malformed pairs and sections, and repeats', () => {
    const search = new URLSearchParams({
      device_guids: `${GUID_A},,${GUID_A}`,
      metrics: 'system/cpu_percent_used,nope/x,system,a/b/c,system/cpu_percent_used',
      section: 'pie',
    });
    expect(readExplorerView(search)).toEqual({
      deviceGuids: [GUID_A],
      metrics: [{ namespace: 'system', metric_name: 'cpu_percent_used' }],
      section: 'graph',
    });
  });

  it('keeps the other parameters and removes a list emptied', () => {
    const search = new URLSearchParams({ period_key: '6hrs', device_guids: GUID_A, section: 'data' });
    const next = writeExplorerView(search, { deviceGuids: [] });
    expect(next.toString()).toBe('period_key=6hrs&section=data');
  });
});
