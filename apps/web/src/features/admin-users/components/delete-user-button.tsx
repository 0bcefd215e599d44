import Button, { type ButtonProps } from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';

/** 'Delete User', disabled for oneself (spec 1 §6): one's own account is deleted from My Account. */
export function DeleteUserButton({ self, ...props }: { self: boolean } & Omit<ButtonProps, 'children'>) {
  const button = (
    <Button size="small" color="error" variant="outlined" disabled={self} {...props}>
      Delete User
    </Button>
  );
  if (!self) return button;
  return (
    <Tooltip title="You cannot delete yourself here; use My Account instead.">
      <span>{button}</span>
    </Tooltip>
  );
}
