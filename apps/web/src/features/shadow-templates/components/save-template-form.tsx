import { type TemplateShadowName, templateStateOf } from '@ec/contract/shadow-template-state';
import { type ShadowTemplate, shadowTemplateNameSchema } from '@ec/contract/shadow-templates';
import { zodResolver } from '@hookform/resolvers/zod';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useSaveShadowTemplate } from '../api/save-shadow-template';

/** The contract's rules for a template's name, with its messages. */
const saveTemplateFormSchema = z.object({
  template_name: shadowTemplateNameSchema,
});
type SaveTemplateValues = z.input<typeof saveTemplateFormSchema>;

/** What a template of each shadow leaves out (shadow-template-state in the contract). */
export const LEFT_OUT: Record<TemplateShadowName, string | null> = {
  Inputs: null,
  Encoders: null,
  Outputs: 'Passwords, passphrases, keys, provider settings and recording drives stay on this device.',
  System: 'The device name, its network settings and the XML password stay on this device.',
  Alerts:
    'Only the device’s own alerts are saved, without their state; fleet and organization alerts are not.',
};

/**
 * 'Save as template' (organization editors): the device's reported document, without what belongs to
 * it alone, saved under a name. A name the organization already uses for this shadow asks before
 * replacing that template.
 */
export function SaveTemplateForm(props: {
  shadowName: TemplateShadowName;
  reported: { version: number; state: Record<string, unknown> } | null;
  /** The organization's templates of this shadow; undefined until loaded (saving waits for them). */
  templates: readonly ShadowTemplate[] | undefined;
}) {
  const { shadowName, reported, templates } = props;
  const headingId = useId();
  const save = useSaveShadowTemplate();
  const [replacing, setReplacing] = useState<ShadowTemplate | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<SaveTemplateValues, unknown, z.output<typeof saveTemplateFormSchema>>({
    resolver: zodResolver(saveTemplateFormSchema),
    defaultValues: { template_name: '' },
  });

  const send = async (name: string, existing: ShadowTemplate | null) => {
    if (!reported) return;
    setReplacing(null);
    form.setFocus('template_name');
    const answer = await save
      .mutateAsync({
        ...(existing ? { template_guid: existing.template_guid } : {}),
        template_name: name,
        shadow_name: shadowName,
        state: templateStateOf(shadowName, reported.state),
      })
      .catch(() => null);
    if (!answer) return;
    setSaved(answer.template_name);
    form.reset({ template_name: '' });
  };

  const onSubmit = form.handleSubmit(({ template_name }) => {
    setSaved(null);
    save.reset();
    const existing = templates?.find((template) => template.template_name === template_name) ?? null;
    if (existing) setReplacing(existing);
    else void send(template_name, null);
  });

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <Typography id={headingId} variant="h4" component="h3">
        Save as template
      </Typography>
      {reported ? (
        <Typography variant="body2" color="text.secondary">
          Saves this device’s {shadowName} configuration as reported (version {reported.version}) for every
          device of the organization. {LEFT_OUT[shadowName]}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          The device has not reported this configuration yet: there is nothing to save.
        </Typography>
      )}
      <Stack
        component="form"
        noValidate
        onSubmit={onSubmit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <FormTextField
          form={form}
          name="template_name"
          label="Template name"
          size="small"
          required
          disabled={!reported}
          sx={{ flex: 1 }}
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<SaveIcon />}
          loading={save.isPending}
          disabled={!reported || !templates || replacing !== null}
          sx={{ flexShrink: 0, mt: { sm: 0.25 } }}
        >
          Save as template
        </Button>
      </Stack>
      {replacing && (
        <Alert
          severity="warning"
          action={
            <Stack direction="row" spacing={1}>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  setReplacing(null);
                  form.setFocus('template_name');
                }}
              >
                Cancel
              </Button>
              <Button
                color="warning"
                variant="contained"
                size="small"
                autoFocus
                onClick={() => void send(replacing.template_name, replacing)}
              >
                Replace
              </Button>
            </Stack>
          }
          sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
        >
          A template named “{replacing.template_name}” already exists. Replace it with this device’s
          configuration?
        </Alert>
      )}
      <ErrorAlert error={save.error} />
      {saved && (
        <Alert severity="success" role="status">
          Saved the template “{saved}”.
        </Alert>
      )}
    </Stack>
  );
}
