// What the file picker tells its caller about the chosen file, from the moment it is picked to the endpoint's answer.
import type { CloudSource } from '@common/uploads';

export type PickedFileStatus = 'uploading' | 'done' | 'failed';

export interface PickedFile<Answer> {
  name: string;
  size: number;
  type: string;
  /** 'local' for this device, 'link' for a URL, else the cloud source. */
  source: 'local' | 'link' | CloudSource;
  /** The browser's own copy; null for a file Companion fetched. */
  data: File | null;
  status: PickedFileStatus;
  /** 0..1 while uploading. */
  progress: number;
  /** The endpoint's answer once done. */
  answer: Answer | null;
  error: string | null;
}
