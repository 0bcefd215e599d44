import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/**
 * A titled part of a page in an outlined card: a region named by its heading (or by `label` when the
 * region's name says more than the heading), with the section's buttons beside the heading.
 */
export function SectionCard(props: {
  title: ReactNode;
  /** The heading's size; its level in the outline is `headingLevel`. */
  titleVariant?: TypographyProps['variant'];
  headingLevel?: 'h2' | 'h3';
  /**
   * The region's name as its aria-label: where it is not the heading's text ('Output 1 settings' for
   * 'Output 1'), or where a page's checks address the region by it (section[aria-label="Updates"]).
   */
  label?: string;
  /** A line under the heading. */
  subtitle?: ReactNode;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  const heading = (
    <Typography id={headingId} variant={props.titleVariant ?? 'h4'} component={props.headingLevel ?? 'h2'}>
      {props.title}
    </Typography>
  );
  const titled = props.subtitle ? (
    <div>
      {heading}
      <Typography variant="body2" color="text.secondary">
        {props.subtitle}
      </Typography>
    </div>
  ) : (
    heading
  );
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={props.label}
      aria-labelledby={props.label === undefined ? headingId : undefined}
      sx={{ p: 2, minWidth: 0 }}
    >
      <Stack spacing={2}>
        {props.actions ? (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
          >
            {titled}
            {props.actions}
          </Stack>
        ) : (
          titled
        )}
        {props.children}
      </Stack>
    </Paper>
  );
}
