// This folder's 5 case files in one jest file (helpers/case-files.ts).
import { runCaseFiles } from '../../helpers/case-files';

runCaseFiles(__filename);
