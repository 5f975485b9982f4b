// English, the catalogue every other repeats the keys of; what a text says when no language is asked for (the
// scanner's fallback, the CLI, the browser's seal check before its language's catalogue loads).
import english from './messages/en.json';
import { createTranslator, type Messages } from './translator';

export const ENGLISH = createTranslator('en', english satisfies Messages);
