// This folder's 6 case files in one jest file (helpers/case-files.ts).
import { runCaseFiles } from '../helpers/case-files';

runCaseFiles(__filename);
