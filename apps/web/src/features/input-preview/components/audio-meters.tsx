import { AUDIO_LEVEL_SCALE, type AudioLevel } from '@ec/contract/input-preview';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A level as a meter's percentage (spec 2 §9: audio levels scaled by 300). */
export const meterPercent = (level: number) => Math.min(100, Math.max(0, level * AUDIO_LEVEL_SCALE));

/** One meter per audio channel: the 200 ms peak as the bar, the 5 s peak as a mark. */
export function AudioMeters({ levels, inputName }: { levels: AudioLevel[]; inputName: string }) {
  if (levels.length === 0)
    return (
      <Typography variant="caption" color="text.secondary">
        No audio
      </Typography>
    );
  return (
    <Stack spacing={0.5} aria-label={`Audio levels of ${inputName}`} role="group">
      {levels.map((level) => (
        <Stack key={level.channel_num} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="caption" sx={{ width: 32, flexShrink: 0 }}>
            Ch {level.channel_num + 1}
          </Typography>
          <Box sx={{ position: 'relative', flexGrow: 1 }}>
            <LinearProgress
              variant="determinate"
              value={meterPercent(level.max_hold_200ms)}
              color={meterPercent(level.max_hold_200ms) > 90 ? 'error' : 'success'}
              aria-label={`Audio channel ${level.channel_num + 1} level`}
              sx={{ height: 8, borderRadius: 1, '& .MuiLinearProgress-bar': { transition: 'none' } }}
            />
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                width: 2,
                bgcolor: 'text.primary',
                left: `calc(${meterPercent(level.max_hold_5s)}% - 1px)`,
              }}
            />
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}
