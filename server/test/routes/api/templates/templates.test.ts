// This folder's 3 case files in one jest file (helpers/case-files.ts).
import { runCaseFiles } from '../../../helpers/case-files';

runCaseFiles(__filename);
