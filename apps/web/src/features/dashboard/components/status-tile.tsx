import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode, Suspense, useId, useState } from 'react';
import { SizedDialog } from '../../../components/ui/sized-dialog';

/**
 * A dashboard status tile (spec 2 §2.2): a figure that opens the list behind it in a dialog. The list
 * is rendered only while the dialog is open, so its data is fetched only when someone asks.
 */
export function StatusTile(props: { title: string; value: string; loading: boolean; list: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <Card variant="outlined" sx={{ flex: 1 }}>
      <CardActionArea onClick={() => setOpen(true)} sx={{ height: '100%' }} aria-haspopup="dialog">
        <CardContent>
          <Typography variant="overline" color="text.secondary" component="h2">
            {props.title}
          </Typography>
          <Typography variant="h2" component="p">
            {props.loading ? <Skeleton width="60%" /> : props.value}
          </Typography>
        </CardContent>
      </CardActionArea>
      {/* A list wants room: 80 % of the window, one of spec 2 §2.2's widths. */}
      <SizedDialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} width="80%">
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <Suspense fallback={<Skeleton variant="rounded" height={160} />}>{open && props.list()}</Suspense>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </SizedDialog>
    </Card>
  );
}
