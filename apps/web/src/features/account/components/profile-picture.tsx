import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { usePicture } from '../api/get-picture';
import { useUploadPicture } from '../api/upload-picture';
import { useObjectUrl } from '../hooks/use-object-url';
import { PICTURE_HINT, pictureFileProblem } from '../logic/picture-file';

const SIZE = 88;

/** The current profile picture, and an upload that is previewed before it is saved. */
export function ProfilePicture(props: {
  name: string;
  picture: string | null;
  onSaved: (message: string) => void;
}) {
  const current = usePicture(props.picture);
  const currentUrl = useObjectUrl(current.data);
  const [chosen, setChosen] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewUrl = useObjectUrl(chosen);
  const upload = useUploadPicture();
  const fileInput = useRef<HTMLInputElement>(null);

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    upload.reset();
    if (!file) return;
    const reason = pictureFileProblem(file);
    setProblem(reason);
    setChosen(reason ? null : file);
  };

  const save = async () => {
    if (!chosen) return;
    const saved = await upload.mutateAsync(chosen).catch(() => null);
    if (saved) {
      setChosen(null);
      props.onSaved('Profile picture saved.');
    }
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Stack sx={{ alignItems: 'center' }}>
          <Avatar
            src={currentUrl ?? undefined}
            alt={currentUrl ? 'Profile picture' : undefined}
            sx={{ width: SIZE, height: SIZE }}
          >
            {props.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Typography variant="caption" color="text.secondary">
            Current
          </Typography>
        </Stack>
        {previewUrl && (
          <Stack sx={{ alignItems: 'center' }}>
            <Avatar src={previewUrl} alt="Picture preview" sx={{ width: SIZE, height: SIZE }} />
            <Typography variant="caption" color="text.secondary">
              Preview
            </Typography>
          </Stack>
        )}
        <Stack direction="row" spacing={1}>
          {/* A real button opening the file chooser: a label styled as a button is no button to assistive technology. */}
          <Button variant="outlined" onClick={() => fileInput.current?.click()}>
            Upload Picture
          </Button>
          <input
            ref={fileInput}
            hidden
            aria-label="Upload Picture"
            type="file"
            accept="image/png,image/jpeg"
            onChange={onChoose}
          />
          {chosen && (
            <>
              <Button variant="contained" onClick={save} loading={upload.isPending}>
                Save Picture
              </Button>
              <Button onClick={() => setChosen(null)} disabled={upload.isPending}>
                Discard
              </Button>
            </>
          )}
        </Stack>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {PICTURE_HINT}
      </Typography>
      <ErrorAlert error={problem ?? upload.error ?? current.error} />
    </Stack>
  );
}
