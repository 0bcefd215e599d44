import { type TemplateShadowName, templateSetState } from '@ec/contract/shadow-template-state';
import type { ShadowTemplate } from '@ec/contract/shadow-templates';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import { templateChanges } from '../logic/template-changes';

export const NOTHING_TO_CHANGE =
  'This device already has this configuration: applying the template changes nothing.';

/** What applying a template sends to the device: the set and what it changes there. */
export function useTemplateApplication(
  shadowName: TemplateShadowName,
  template: ShadowTemplate | null,
  reportedState: Record<string, unknown> | null,
) {
  return useMemo(() => {
    if (!template) return null;
    const state = templateSetState(shadowName, template.state, reportedState ?? {});
    return { state, changes: templateChanges(shadowName, reportedState, state) };
  }, [shadowName, template, reportedState]);
}

/**
 * Before a template is applied (device editors): what it would change on this device, field by
 * field, entries added and removed. The template goes as the tab's own save would, against the
 * version shown; the device decides, and the tab's command banner says what it did.
 */
export function ApplyTemplateView(props: {
  shadowName: TemplateShadowName;
  version: number;
  changes: ReturnType<typeof templateChanges>;
  busy: boolean;
}) {
  const listId = useId();
  const { changes } = props;
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">
        The template is sent to this device as a save of its {props.shadowName} configuration (version{' '}
        {props.version}), replacing it. The device decides what it applies; the result shows above the
        configuration. Unsaved edits on this tab are dropped.
      </Typography>
      {changes.length === 0 ? (
        <Alert severity="info">{NOTHING_TO_CHANGE}</Alert>
      ) : (
        <>
          <Typography id={listId} variant="h4" component="h3">
            What changes on this device
          </Typography>
          <Box component="ul" aria-labelledby={listId} sx={{ my: 0, pl: 3, overflowWrap: 'anywhere' }}>
            {changes.map((change) => (
              <li key={change.key}>
                <Typography variant="body2">{change.text}</Typography>
              </li>
            ))}
          </Box>
        </>
      )}
      {props.busy && (
        <Alert severity="info">The device has not answered the last command yet: apply once it has.</Alert>
      )}
    </Stack>
  );
}
