import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { LegalDocument } from './legal-document';
import type { LegalDocumentName } from './legal-documents';
import { LEGAL_TEXTS } from './legal-texts';

/** A legal document over the current page, with the close button of spec 1 §2.8. */
export function LegalDialog(props: { document: LegalDocumentName | null; onClose: () => void }) {
  return (
    <Dialog open={Boolean(props.document)} onClose={props.onClose} maxWidth="md" fullWidth scroll="paper">
      {props.document && (
        <>
          <DialogTitle>{LEGAL_TEXTS[props.document].title}</DialogTitle>
          <DialogContent dividers>
            <LegalDocument document={props.document} />
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
