import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import { type ChangeEvent, type ReactNode, type Ref, useRef } from 'react';
import { acceptFor } from './file-kind';
import type { UploadController } from './useUpload';

export interface UploadButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'type'> {
  /** The upload the picked file goes to (from useUpload). */
  upload: Pick<UploadController, 'start' | 'kinds'>;
  /** File types the picker offers; by default the upload's media kinds, e.g. "image/*". */
  accept?: string;
  /** The name of the file input, for forms and tests. */
  name?: string;
  children: ReactNode;
}

/**
 * Keeps a file input out of sight but in the page, so a visible button can open it. Sizes
 * are in px on purpose: in MUI's sx a bare 1 means 100%.
 */
const hiddenFileInputSx = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  opacity: 0,
} as const;

/**
 * A file input out of sight and out of the accessibility tree: a visible button is the control
 * and opens it through `ref`.
 */
export function HiddenFileInput(props: {
  ref: Ref<HTMLInputElement>;
  name?: string | undefined;
  accept: string;
  multiple?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return <Box component="input" type="file" tabIndex={-1} aria-hidden sx={hiddenFileInputSx} {...props} />;
}

/**
 * A button that opens the file picker and starts the upload of the chosen file. The file
 * input itself is hidden from view and from assistive technology: the button is the control.
 */
export function UploadButton({ upload, accept, name, children, variant = 'outlined', ...props }: UploadButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again (after an error, say) fires again.
    event.target.value = '';
    if (file) upload.start(file);
  };
  return (
    <>
      <Button variant={variant} {...props} type="button" onClick={() => input.current?.click()}>
        {children}
      </Button>
      <HiddenFileInput ref={input} name={name} accept={accept ?? acceptFor(upload.kinds)} onChange={picked} />
    </>
  );
}
