import type { DockerContainer } from '@ec/contract/device-docker';
import { isProtectedContainer } from '@ec/contract/shadow-documents/containers';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { useShadow } from '../../../lib/shadows/get-shadow';
import { sendShadowCommand } from '../../../lib/shadows/send-shadow-command';
import { type ContainerConfig, configFromJson, configText, INVALID_JSON } from '../logic/container-config';

/**
 * Configure Container (spec 3 §2.7, §4.1, §5): its configuration as a form of its settings or as JSON
 * ('Invalid JSON' disables Save), saved through the Containers shadow as a list of {id, config} against
 * the reported version.
 */
export function ConfigureContainer(props: {
  deviceGuid: string;
  container: DockerContainer;
  editable: boolean;
}) {
  const { deviceGuid, container } = props;
  const shadow = useShadow(deviceGuid, 'Containers');
  const [tab, setTab] = useState<'form' | 'json'>('form');
  const [text, setText] = useState(() => configText(container.config ?? {}));
  const parsed = configFromJson(text);
  const editable = props.editable && !isProtectedContainer(container);
  const save = useMutation({
    mutationFn: (config: ContainerConfig) =>
      sendShadowCommand({
        deviceGuid,
        body: {
          command_type: 'set',
          commands: [
            {
              shadow_name: 'Containers',
              target_version: shadow.data?.reported?.current_version ?? 0,
              state: { containers: [{ id: container.id, config }] },
            },
          ],
        },
      }),
  });
  const setField = (key: string, value: string) =>
    'config' in parsed && setText(configText({ ...parsed.config, [key]: value }));

  return (
    <SectionCard title="Configure Container" headingLevel="h3" titleVariant="h5">
      <Stack spacing={2}>
        <Tabs value={tab} onChange={(_, next) => setTab(next)} aria-label="Configuration views">
          <Tab value="form" label="Configuration" />
          <Tab value="json" label="JSON" />
        </Tabs>
        {tab === 'form' &&
          ('config' in parsed ? (
            Object.keys(parsed.config).length ? (
              Object.entries(parsed.config).map(([key, value]) => (
                <TextField
                  key={key}
                  label={key}
                  value={typeof value === 'string' ? value : JSON.stringify(value)}
                  disabled={!editable || typeof value === 'object'}
                  onChange={(event) => setField(key, event.target.value)}
                />
              ))
            ) : (
              <Typography variant="body2" color="text.secondary">
                This container has no settings yet; add them in the JSON view.
              </Typography>
            )
          ) : (
            <Alert severity="error">{INVALID_JSON}</Alert>
          ))}
        {tab === 'json' && (
          <TextField
            label="Configuration JSON"
            multiline
            minRows={6}
            value={text}
            disabled={!editable}
            onChange={(event) => setText(event.target.value)}
            error={'error' in parsed}
            helperText={'error' in parsed ? parsed.error : ' '}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        )}
        <ErrorAlert error={save.error} />
        {save.isSuccess && <Alert severity="success">Configuration sent to the device.</Alert>}
        {editable && (
          <div>
            <Button
              variant="contained"
              disabled={!('config' in parsed) || save.isPending}
              loading={save.isPending}
              onClick={() => 'config' in parsed && save.mutate(parsed.config)}
            >
              Save
            </Button>
          </div>
        )}
      </Stack>
    </SectionCard>
  );
}
