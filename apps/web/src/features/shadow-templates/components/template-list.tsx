import type { TemplateShadowName } from '@ec/contract/shadow-template-state';
import type { ShadowTemplate } from '@ec/contract/shadow-templates';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { placeholderKeys } from '../../../components/ui/placeholder-keys';
import { RequestError } from '../../../components/ui/request-error';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { shadowForms } from '../../../lib/shadows/shadow-forms';

export const NO_TEMPLATES = 'No templates yet';

/** What the list needs of the templates' query: a TanStack `useQuery` result fits as it is. */
interface TemplatesQuery {
  data: readonly ShadowTemplate[] | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The organization's templates of one shadow, by name, with what each holds: Apply for the device's
 * editors, Delete for the organization's.
 */
export function TemplateList(props: {
  shadowName: TemplateShadowName;
  templates: TemplatesQuery;
  canApply: boolean;
  canDelete: boolean;
  onApply: (template: ShadowTemplate) => void;
  onDelete: (template: ShadowTemplate) => void;
}) {
  const { shadowName, templates } = props;
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1}>
      <Typography id={headingId} variant="h4" component="h3">
        Organization templates
      </Typography>
      <RequestError error={templates.error} onRetry={templates.refetch} />
      {templates.isPending && (
        <Stack spacing={1} role="status" aria-busy="true">
          <VisuallyHidden>Loading the templates</VisuallyHidden>
          {placeholderKeys(3).map((key) => (
            <Skeleton key={key} variant="rounded" height={56} aria-hidden="true" />
          ))}
        </Stack>
      )}
      {templates.data?.length === 0 && (
        <Typography color="text.secondary">
          {NO_TEMPLATES}. {props.canDelete ? 'Save this device’s configuration to make the first one.' : ''}
        </Typography>
      )}
      {templates.data && templates.data.length > 0 && (
        <List aria-labelledby={headingId} disablePadding>
          {templates.data.map((template) => (
            <ListItem key={template.template_guid} divider disableGutters>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ width: '100%', alignItems: { sm: 'center' } }}
              >
                <Stack sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                    {template.template_name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {shadowForms[shadowName].summary(template.state)}
                  </Typography>
                </Stack>
                <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                  {props.canApply && (
                    <Button
                      size="small"
                      variant="outlined"
                      aria-label={`Apply ${template.template_name}`}
                      onClick={() => props.onApply(template)}
                    >
                      Apply
                    </Button>
                  )}
                  {props.canDelete && (
                    <Button
                      size="small"
                      color="error"
                      startIcon={<DeleteIcon />}
                      aria-label={`Delete ${template.template_name}`}
                      onClick={() => props.onDelete(template)}
                    >
                      Delete
                    </Button>
                  )}
                </Stack>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
