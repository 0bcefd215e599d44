import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DeviceFilter } from '../../../components/device-list/device-filter';
import { PeriodSelect } from '../../../components/ui/period-select';
import { usePeriodParam } from '../../../components/ui/use-period-param';
import { EventsTable } from './events-table';

/**
 * /events (spec 2 §2.9): Recent Organization Events over the period in the address (period_key, the
 * last 24 hours by default), of every device or of those picked.
 */
export function EventsPage() {
  const [period, setPeriod] = usePeriodParam();
  const [deviceGuids, setDeviceGuids] = useState<string[]>([]);
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Recent Organization Events</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <EventsTable
          source={{ org: true }}
          period={period}
          deviceGuids={deviceGuids}
          label="Organization events"
          filters={
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              useFlexGap
              sx={{ flexWrap: 'wrap', alignItems: { sm: 'flex-start' } }}
            >
              <PeriodSelect value={period} onChange={setPeriod} />
              <DeviceFilter value={deviceGuids} onChange={setDeviceGuids} />
            </Stack>
          }
        />
      </Paper>
    </Stack>
  );
}
