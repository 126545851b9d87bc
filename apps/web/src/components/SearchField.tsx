import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';

/** A search box: the search keyboard on a phone, the magnifier, no autofill, at most `maxLength` characters. */
export function SearchField({
  label,
  placeholder,
  maxLength,
  value,
  onChange,
  fullWidth = false,
  sx,
}: {
  label: string;
  placeholder: string;
  maxLength: number;
  value: string;
  onChange: (text: string) => void;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      type="search"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth={fullWidth}
      sx={sx}
      slotProps={{
        htmlInput: { maxLength, autoComplete: 'off', enterKeyHint: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
