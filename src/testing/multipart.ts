// Multipart requests in SPA tests. fetchBaseQuery builds a Request from jsdom's FormData, which Node's Request
// cannot read (it would send the text "[object FormData]"); this records each form as the screen built it, so a
// test can check every field and file that was sent.

/** A sent form: its text fields, and its files by field name. */
export interface SentForm {
  fields: Record<string, string>;
  files: Record<string, File>;
  /** Every part's name, in the order sent. */
  order: string[];
}

const forms = new WeakMap<Request, SentForm>();

let CapturingRequest: typeof Request | null = null;

/**
 * Makes Request keep the FormData it was given, for the rest of the test file (each file has its own globals).
 * Returns the reader for a request's form.
 */
export function installMultipartCapture(): (request: Request) => SentForm {
  if (!CapturingRequest || globalThis.Request !== CapturingRequest) {
    const BaseRequest = globalThis.Request;
    CapturingRequest = class extends BaseRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        const body = init?.body;
        const isForm = body instanceof FormData;
        super(input, isForm ? { ...init, body: undefined } : init);
        if (isForm) {
          const sent: SentForm = { fields: {}, files: {}, order: [] };
          for (const [name, value] of body.entries()) {
            sent.order.push(name);
            if (typeof value === 'string') sent.fields[name] = value;
            else sent.files[name] = value;
          }
          forms.set(this, sent);
        }
      }
    };
    Object.assign(globalThis, { Request: CapturingRequest });
  }
  return (request) => {
    const sent = forms.get(request);
    if (!sent) throw new Error(`${request.method} ${request.url} carried no form`);
    return sent;
  };
}
