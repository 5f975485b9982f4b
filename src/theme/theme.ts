import { createTheme } from '@mui/material/styles';

import { componentOverrides } from './component-overrides';
import { palette, shape, SPACING_UNIT_PX, typography } from './primitives';

export const theme = createTheme({
  palette,
  typography,
  shape,
  spacing: SPACING_UNIT_PX,
  components: componentOverrides,
});
