import Dialog, { type DialogProps } from '@mui/material/Dialog';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * A dialog of one of the spec's widths (pixels, or a share of the window such as '80%'), never wider
 * than the window, and the whole screen on a phone.
 */
export function SizedDialog({
  width,
  ...props
}: Omit<DialogProps, 'fullScreen' | 'fullWidth' | 'maxWidth' | 'slotProps'> & { width: number | string }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      {...props}
      fullScreen={phone}
      maxWidth={false}
      slotProps={{ paper: { sx: phone ? {} : { width, maxWidth: '95vw' } } }}
    />
  );
}
