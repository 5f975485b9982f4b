// The charts' width: measured from their container in a browser; tests under jsdom (which lays nothing out, so a
// chart would measure 0 and draw nothing) give a fixed one with <ChartWidthContext value={600}>.
import { createContext } from 'react';

export const ChartWidthContext = createContext<number | undefined>(undefined);
