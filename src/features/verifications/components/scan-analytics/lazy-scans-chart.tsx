// The scans chart, loaded on first use: the charts library is large, and the dashboard's list must not wait for it.
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense, type ComponentProps } from 'react';

const ScansChart = lazy(async () => ({ default: (await import('./scans-chart')).ScansChart }));

export function LazyScansChart(props: ComponentProps<typeof ScansChart>) {
  return (
    <Suspense
      fallback={
        <Skeleton
          variant="rounded"
          height={props.height ?? 220}
          role="progressbar"
          aria-label="Loading the chart"
        />
      }
    >
      <ScansChart {...props} />
    </Suspense>
  );
}
