import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';

/** Whether the profile's phone number is verified, with the way to verify it when it is not. */
export function PhoneStatus(props: { verified: boolean; onVerify: () => void }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
      <VisuallyHidden>Phone number:</VisuallyHidden>
      {props.verified ? (
        <Chip size="small" color="success" icon={<CheckCircleIcon />} label="Verified" />
      ) : (
        <>
          <Chip size="small" variant="outlined" label="Not verified" />
          <Button size="small" variant="outlined" onClick={props.onVerify}>
            Verify Phone
          </Button>
        </>
      )}
    </Stack>
  );
}
