import Button from '@mui/material/Button';
import { ErrorAlert } from './error-alert';

/**
 * A failed request (spec 2 §8): the parsed error text in an error alert, with Retry when the request
 * can be made again. Renders nothing without an error.
 */
export function RequestError(props: { error: unknown; onRetry?: () => unknown }) {
  const { error, onRetry } = props;
  return (
    <ErrorAlert
      error={error}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={() => onRetry()}>
            Retry
          </Button>
        )
      }
    />
  );
}
