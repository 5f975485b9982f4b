// A stand-in for the Redux DevTools browser extension: configureStore finds it where the extension puts itself and
// hands it the store's DevTools options; it records what the extension would be shown, every action and every
// state after it, through those options' sanitizers. Redux Toolkit looks for the extension once, as it loads, so a
// test imports this module before anything that loads Redux Toolkit.
import type { Action, DevToolsEnhancerOptions, StoreEnhancer } from '@reduxjs/toolkit';

/** What one store showed DevTools. */
export interface DevToolsRecording {
  options: DevToolsEnhancerOptions;
  actions: unknown[];
  states: unknown[];
}

export const devToolsRecordings: DevToolsRecording[] = [];

function isPlainAction(action: unknown): action is Action {
  return typeof action === 'object' && action !== null && 'type' in action;
}

/** Innermost, as the extension's own enhancer: it sees the actions that reach the reducers. */
function recordingEnhancer(options: DevToolsEnhancerOptions): StoreEnhancer {
  const recording: DevToolsRecording = { options, actions: [], states: [] };
  devToolsRecordings.push(recording);
  const showState = (state: unknown, index: number) =>
    options.stateSanitizer ? options.stateSanitizer(state, index) : state;
  return (createStore) => (reducer, preloadedState) => {
    const store = createStore(reducer, preloadedState);
    recording.states.push(showState(store.getState(), 0));
    const dispatch: typeof store.dispatch = (action) => {
      const result = store.dispatch(action);
      if (isPlainAction(action)) {
        const id = recording.actions.length + 1;
        recording.actions.push(
          options.actionSanitizer ? options.actionSanitizer(action, id) : action,
        );
        recording.states.push(showState(store.getState(), id));
      }
      return result;
    };
    return { ...store, dispatch };
  };
}

type Compose = (...enhancers: StoreEnhancer[]) => StoreEnhancer;

function composeEnhancers(...enhancers: StoreEnhancer[]): StoreEnhancer {
  return enhancers.reduceRight<StoreEnhancer>(
    (inner, outer) => (createStore) => outer(inner(createStore)),
    (createStore) => createStore,
  );
}

/** The extension's compose: called with the DevTools options, then with the store's enhancers. */
function devToolsCompose(options: DevToolsEnhancerOptions): Compose {
  return (...enhancers) => composeEnhancers(...enhancers, recordingEnhancer(options));
}

Object.assign(window, { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__: devToolsCompose });
