import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { preferences } from '../../lib/preferences';
import {
  ALL_DEVICE_COLUMNS,
  columnHeader,
  columnHiddenBelow,
  columnId,
  DEFAULT_DEVICE_LAYOUT,
  type DeviceLayoutColumn,
} from './device-columns';
import { useDeviceLayout } from './use-device-layout';

const HIDDEN_BELOW_LABELS = { md: 'Hidden on smaller screens', xl: 'Hidden below extra-large' };

function move<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * The device list column layout editor (spec 1 §3): add, remove and reorder the columns after the
 * device name, kept as this browser's `deviceListLayout` preference when saved.
 */
function DeviceLayoutDialog(props: { onClose: () => void }) {
  const { layout: saved, reactive } = useDeviceLayout();
  const [layout, setLayout] = useState<readonly DeviceLayoutColumn[]>(saved);
  const shown = new Set(layout.map(columnId));
  const available = ALL_DEVICE_COLUMNS.filter((column) => !shown.has(columnId(column)));

  const save = () => {
    preferences.set('deviceListLayout', [...layout]);
    props.onClose();
  };

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby="device-layout-title">
      <DialogTitle id="device-layout-title">Device List Columns</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          The device name always comes first; these columns follow in this order.
        </DialogContentText>
        <List dense aria-label="Columns">
          {layout.map((column, index) => {
            const header = columnHeader(column);
            const hiddenBelow = reactive ? columnHiddenBelow(index) : null;
            return (
              <ListItem
                key={columnId(column)}
                disableGutters
                secondaryAction={
                  <>
                    <IconButton
                      aria-label={`Move ${header} up`}
                      disabled={index === 0}
                      onClick={() => setLayout(move(layout, index, index - 1))}
                    >
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={`Move ${header} down`}
                      disabled={index === layout.length - 1}
                      onClick={() => setLayout(move(layout, index, index + 1))}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={`Remove ${header}`}
                      edge="end"
                      onClick={() => setLayout(layout.filter((_, i) => i !== index))}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </>
                }
              >
                <ListItemText
                  primary={header}
                  secondary={
                    hiddenBelow && (
                      <Chip component="span" size="small" label={HIDDEN_BELOW_LABELS[hiddenBelow]} />
                    )
                  }
                />
              </ListItem>
            );
          })}
          {layout.length === 0 && (
            <ListItem disableGutters>
              <ListItemText secondary="No columns: the list shows device names only." />
            </ListItem>
          )}
        </List>
        <TextField
          select
          label="Add Column"
          size="small"
          fullWidth
          value=""
          disabled={available.length === 0}
          onChange={(event) => {
            const column = available.find((c) => columnId(c) === event.target.value);
            if (column) setLayout([...layout, column]);
          }}
        >
          {available.map((column) => (
            <MenuItem key={columnId(column)} value={columnId(column)}>
              {columnHeader(column)}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setLayout(DEFAULT_DEVICE_LAYOUT)} sx={{ mr: 'auto' }}>
          Reset to Defaults
        </Button>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={save}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The 'Columns' button over a device table, opening the layout editor. */
export function DeviceLayoutButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button startIcon={<ViewColumnIcon />} onClick={() => setOpen(true)}>
        Columns
      </Button>
      {open && <DeviceLayoutDialog onClose={() => setOpen(false)} />}
    </>
  );
}
