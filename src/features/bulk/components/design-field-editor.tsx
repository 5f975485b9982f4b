// One placed field's settings: what it shows, font, size, colour, alignment and (for dates) how the date is written.
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FormatAlignCenterOutlined from '@mui/icons-material/FormatAlignCenterOutlined';
import FormatAlignLeftOutlined from '@mui/icons-material/FormatAlignLeftOutlined';
import FormatAlignRightOutlined from '@mui/icons-material/FormatAlignRightOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import { memo, useEffect, useRef, useState, type ChangeEvent } from 'react';

import {
  BULK_ALIGNMENTS,
  BULK_DATE_FORMATS,
  BULK_FONTS,
  BULK_LIMITS,
  formatDesignDate,
  type BulkAlignment,
  type BulkDateFormat,
  type BulkFont,
  type DesignField,
} from '@common/bulk';

import { DATE_FIELDS } from './bulk-draft';
import { FONT_LABELS, fieldLabel } from './design-text';

import type { SvgIconComponent } from '@mui/icons-material';

const ALIGN_LOOK: Record<BulkAlignment, { label: string; icon: SvgIconComponent }> = {
  left: { label: 'Align left: the text starts at the point', icon: FormatAlignLeftOutlined },
  center: { label: 'Centre on the point', icon: FormatAlignCenterOutlined },
  right: { label: 'Align right: the text ends at the point', icon: FormatAlignRightOutlined },
};

const EXAMPLE_DATE = '2026-06-30';

interface DesignFieldEditorProps {
  index: number;
  value: DesignField;
  /** What a field may show: standard fields and columns, by value and label. */
  choices: { value: string; label: string }[];
  fieldError?: string;
  sizeError?: string;
  colorError?: string;
  isSelected: boolean;
  onSelect: (index: number) => void;
  onChange: (index: number, changes: Partial<DesignField>) => void;
  onRemove: (index: number) => void;
}

/** The size as typed: a half-typed number stays in the box while the form holds what it means. */
function SizeInput({
  size,
  error,
  onChange,
  label,
}: {
  size: number;
  error?: string;
  onChange: (size: number) => void;
  label: string;
}) {
  const [text, setText] = useState(String(size));
  const lastSent = useRef(size);
  useEffect(() => {
    // A change from outside (not from typing here) replaces the text.
    if (size !== lastSent.current) {
      lastSent.current = size;
      setText(String(size));
    }
  }, [size]);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    setText(event.target.value);
    const parsed = event.target.value.trim() === '' ? Number.NaN : Number(event.target.value);
    lastSent.current = parsed;
    onChange(parsed);
  };
  return (
    <TextField
      size="small"
      label="Size"
      type="number"
      value={text}
      onChange={change}
      error={Boolean(error)}
      helperText={error}
      fullWidth
      slotProps={{
        htmlInput: {
          min: BULK_LIMITS.font_size_min,
          max: BULK_LIMITS.font_size_max,
          step: 1,
          'aria-label': label,
        },
        input: { endAdornment: <InputAdornment position="end">pt</InputAdornment> },
      }}
    />
  );
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Memoised: while a value is dragged on the preview only its own editor draws again. */
export const DesignFieldEditor = memo(function DesignFieldEditor({
  index,
  value,
  choices,
  fieldError,
  sizeError,
  colorError,
  isSelected,
  onSelect: selectAt,
  onChange: changeAt,
  onRemove: removeAt,
}: DesignFieldEditorProps) {
  const onSelect = () => selectAt(index);
  const onChange = (changes: Partial<DesignField>) => changeAt(index, changes);
  const onRemove = () => removeAt(index);
  const name = fieldLabel(value.field);
  const isDate = DATE_FIELDS.includes(value.field);
  return (
    <Box
      component="li"
      aria-label={`Field ${name}`}
      onFocusCapture={onSelect}
      onClick={onSelect}
      sx={{
        listStyle: 'none',
        p: 2,
        border: isSelected ? 2 : 1,
        borderColor: isSelected ? 'primary.main' : 'divider',
        borderRadius: 2,
        // The chosen card's thicker border must not shift its content.
        m: isSelected ? 0 : '1px',
      }}
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            select
            size="small"
            fullWidth
            label="Shows"
            value={value.field}
            onChange={(event) => {
              const field = event.target.value;
              onChange({
                field,
                date_format: DATE_FIELDS.includes(field)
                  ? (value.date_format ?? 'YYYY-MM-DD')
                  : undefined,
              });
            }}
            error={Boolean(fieldError)}
            helperText={fieldError}
          >
            {choices.map((choice) => (
              <MenuItem key={choice.value} value={choice.value}>
                {choice.label}
              </MenuItem>
            ))}
          </TextField>
          <Tooltip title="Remove">
            <IconButton aria-label={`Remove ${name}`} onClick={onRemove}>
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 112px' },
            gap: 1.5,
          }}
        >
          <TextField
            select
            size="small"
            label="Font"
            value={value.font}
            onChange={(event) => onChange({ font: event.target.value as BulkFont })}
          >
            {BULK_FONTS.map((font) => (
              <MenuItem key={font} value={font}>
                {FONT_LABELS[font]}
              </MenuItem>
            ))}
          </TextField>
          <SizeInput
            size={value.size}
            error={sizeError}
            label={`Size of ${name} in points`}
            onChange={(size) => onChange({ size })}
          />
        </Box>
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <Box
            component="input"
            type="color"
            value={HEX_COLOR.test(value.color) ? value.color.toLowerCase() : '#000000'}
            onChange={(event: ChangeEvent<HTMLInputElement>) =>
              onChange({ color: event.target.value })
            }
            aria-label={`Colour of ${name}`}
            sx={{
              flex: 'none',
              width: 40,
              height: 40,
              p: 0.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'background.paper',
              cursor: 'pointer',
              '&::-webkit-color-swatch-wrapper': { p: 0 },
              '&::-webkit-color-swatch': { border: 0, borderRadius: 0.5 },
            }}
          />
          <TextField
            size="small"
            label="Colour"
            value={value.color}
            onChange={(event) => onChange({ color: event.target.value.trim() })}
            error={Boolean(colorError)}
            helperText={colorError}
            sx={{ flex: '0 1 120px' }}
            slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
          />
          <ToggleButtonGroup
            exclusive
            size="small"
            value={value.align}
            onChange={(_event, align: BulkAlignment | null) => align && onChange({ align })}
            aria-label={`Alignment of ${name}`}
          >
            {BULK_ALIGNMENTS.map((align) => {
              const { label, icon: Icon } = ALIGN_LOOK[align];
              return (
                <Tooltip key={align} title={label}>
                  <ToggleButton value={align} aria-label={label}>
                    <Icon fontSize="small" />
                  </ToggleButton>
                </Tooltip>
              );
            })}
          </ToggleButtonGroup>
        </Stack>
        {isDate && (
          <TextField
            select
            size="small"
            label="Date format"
            value={value.date_format ?? 'YYYY-MM-DD'}
            onChange={(event) => onChange({ date_format: event.target.value as BulkDateFormat })}
          >
            {BULK_DATE_FORMATS.map((format) => (
              <MenuItem key={format} value={format}>
                {formatDesignDate(EXAMPLE_DATE, format)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
    </Box>
  );
});
