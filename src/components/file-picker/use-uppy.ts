// The picker's Uppy: one instance with the upload endpoint, link import and the configured cloud sources, made
// again only when those change; the size limit is applied to the living instance whenever it arrives.
import UppyBox from '@uppy/box';
import Uppy, { type Body, type Meta } from '@uppy/core';
import Dropbox from '@uppy/dropbox';
import GoogleDrive from '@uppy/google-drive';
import OneDrive from '@uppy/onedrive';
import Url from '@uppy/url';
import XHRUpload from '@uppy/xhr-upload';
import { useEffect, useRef, useState } from 'react';

import { notify } from '@/lib/notify';
import type { CloudSource } from '@common/uploads';

import {
  LINK_ERROR_LIFETIME_MS,
  LINK_IS_A_PAGE,
  LINK_MESSAGES,
  listenToUppy,
  type UppyEventHandlers,
} from './uppy-events';

export interface UppySettings {
  /** MIME types and extensions, e.g. ['application/pdf', '.pdf']. */
  allowedTypes: string[];
  /** The largest file accepted; undefined leaves the size to the endpoint (until the limit is known). */
  maxBytes?: number;
  /** Absolute URL the file is posted to (field `file`), from the browser or from Companion. */
  endpoint: string;
  companionUrl: string;
  /** Sent with every upload and Companion call: the Authorization header. */
  getHeaders: () => Record<string, string>;
  cloudSources?: CloudSource[];
}

const CLOUD_PLUGINS = {
  drive: GoogleDrive,
  dropbox: Dropbox,
  onedrive: OneDrive,
  box: UppyBox,
} as const;

export function useUppy<Answer>(
  options: UppySettings & UppyEventHandlers<Answer>,
): Uppy<Meta, Body> | null {
  const [uppy, setUppy] = useState<Uppy<Meta, Body> | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const { allowedTypes, maxBytes, endpoint, companionUrl } = options;
  const cloudKey = (options.cloudSources ?? []).join(',');
  const typesKey = allowedTypes.join(',');

  useEffect(() => {
    const settings = () => latest.current;
    const instance = new Uppy<Meta, Body>({
      autoProceed: true,
      restrictions: {
        maxNumberOfFiles: 1,
        maxFileSize: settings().maxBytes ?? null,
        allowedFileTypes: typesKey.split(','),
      },
      onBeforeFileAdded: (file) => {
        if (file.isRemote && /^text\/html/i.test(file.type ?? '')) {
          notify({
            severity: 'error',
            summary: 'Not a file',
            detail: LINK_IS_A_PAGE,
            lifetime: LINK_ERROR_LIFETIME_MS,
          });
          return false;
        }
        return true;
      },
      locale: {
        strings: {
          failedToFetch: LINK_MESSAGES.failedToFetch,
          enterCorrectUrl: LINK_MESSAGES.incorrectUrl,
        },
        pluralize: (count: number) => (count === 1 ? 0 : 1),
      },
    });
    instance.use(XHRUpload, {
      endpoint,
      fieldName: 'file',
      allowedMetaFields: ['name'],
      headers: () => settings().getHeaders(),
      limit: 1,
    });
    instance.use(Url, { companionUrl, companionHeaders: settings().getHeaders() });
    for (const source of cloudKey ? (cloudKey.split(',') as CloudSource[]) : []) {
      instance.use(CLOUD_PLUGINS[source] as typeof GoogleDrive, { companionUrl });
    }
    listenToUppy<Answer>(instance, () => latest.current);

    // Uppy is an outside system made here (and remade when its settings change); the Dashboard waits for it.
    setUppy(instance);
    return () => {
      instance.destroy();
    };
  }, [typesKey, endpoint, companionUrl, cloudKey]);

  // The limit may arrive after the picker is made (it is read from the server): the picked file stays.
  useEffect(() => {
    uppy?.setOptions({ restrictions: { maxFileSize: maxBytes ?? null } });
  }, [uppy, maxBytes]);

  return uppy;
}
