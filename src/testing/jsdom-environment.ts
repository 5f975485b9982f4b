// The SPA's test environment: jest's jsdom environment on jsdom 29 (jest-environment-jsdom pins 26). jsdom 29
// indexes style rules and caches computed styles. Before it, getComputedStyle matched every MUI rule against each
// element it was asked about, and the accessible names Testing Library's role queries compute ask about every
// descendant: over half of the SPA suite's CPU was selector matching (verifications-screen: 60 s -> 22 s alone).
import JsdomEnvironmentAbstract from '@jest/environment-jsdom-abstract';
import * as jsdom from 'jsdom';

import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';

export default class JsdomEnvironment extends JsdomEnvironmentAbstract {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context, jsdom);
  }
}
