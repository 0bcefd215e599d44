import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { LegalDocument } from '../../../components/legal/legal-document';
import { LEGAL_DOCUMENTS, type LegalDocumentName } from '../../../components/legal/legal-documents';
import { LEGAL_TEXTS } from '../../../components/legal/legal-texts';
import { paths } from '../../../config/paths';

/**
 * /legal/{csa|aup|privacy}, 'Legal Documents' (spec 1 §2.8): no close button on this route. The route
 * table has one route per document, so another name is the console's 'Page Not Found', title included.
 */
export function LegalPage({ document }: { document: LegalDocumentName }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 880, mx: 'auto' }}>
      <Tabs value={document} aria-label="Legal documents" sx={{ mb: 2 }}>
        {LEGAL_DOCUMENTS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={LEGAL_TEXTS[name].title}
            component={Link}
            to={paths.legal.getHref(name)}
          />
        ))}
      </Tabs>
      <Typography variant="h1" gutterBottom>
        {LEGAL_TEXTS[document].title}
      </Typography>
      <LegalDocument document={document} />
    </Paper>
  );
}
