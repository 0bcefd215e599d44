import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LegalDocumentName } from './legal-documents';
import { LEGAL_TEXTS } from './legal-texts';

/** One legal document's text. */
export function LegalDocument(props: { document: LegalDocumentName }) {
  const text = LEGAL_TEXTS[props.document];
  return (
    <Stack spacing={2} component="article" aria-label={text.title}>
      {text.subtitle && <Typography color="text.secondary">{text.subtitle}</Typography>}
      {text.sections.map((section) => (
        <section key={section.heading}>
          <Typography variant="h6" component="h2" gutterBottom>
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph} sx={{ mb: 1 }}>
              {paragraph}
            </Typography>
          ))}
        </section>
      ))}
    </Stack>
  );
}
