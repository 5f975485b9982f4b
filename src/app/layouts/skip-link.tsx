import Link from '@mui/material/Link';

import type { MouseEvent } from 'react';

/**
 * The first Tab stop of the signed-in frame, shown only while focused: it moves focus past the
 * sidebar and the title bar to the screen itself.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    // Moved by hand: following the #hash would change the address and fade the page in again.
    event.preventDefault();
    document.getElementById(targetId)?.focus();
  };
  return (
    <Link
      href={`#${targetId}`}
      onClick={skip}
      underline="always"
      sx={(theme) => ({
        position: 'fixed',
        top: theme.spacing(1),
        left: theme.spacing(1),
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: theme.shadows[4],
        fontWeight: 600,
        // Out of sight until a keyboard user reaches it.
        transform: 'translateY(calc(-100% - 16px))',
        '&:focus': { transform: 'none' },
      })}
    >
      Skip to main content
    </Link>
  );
}
