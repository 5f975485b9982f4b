// Third-party scripts loaded on demand (the social sign-in library). Behind one object so tests can
// replace it: jsdom never fetches external scripts.

const pending = new Map<string, Promise<void>>();

function appendScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`Could not load ${src}`));
    };
    document.head.appendChild(script);
  });
}

export const scriptLoader = {
  /** Loads `src` once; a failed load is forgotten so the next call tries again. */
  load(src: string): Promise<void> {
    const existing = pending.get(src);
    if (existing) return existing;
    const loading = appendScript(src).catch((error: unknown) => {
      pending.delete(src);
      throw error;
    });
    pending.set(src, loading);
    return loading;
  },
};
