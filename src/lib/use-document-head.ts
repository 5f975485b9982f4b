// Sets the page's title, description, canonical link and robots rule while a screen is shown and
// puts back what was there before when it goes, so screens never leak head tags to each other.
// The title comes from the route table for every screen (the router sets it); screens add the rest.
import { useEffect } from 'react';

export interface DocumentHead {
  description: string;
  /** Path of the canonical address on this site, e.g. '/signin'. */
  canonicalPath?: string;
  /** e.g. 'noindex' or 'noindex, nofollow'; leave out to let search engines index the page. */
  robots?: string;
}

/** Sets one attribute of a head element (made on demand) and returns how to undo it. */
function setHeadAttribute(
  selector: string,
  create: () => HTMLElement,
  attribute: string,
  value: string,
): () => void {
  const existing = document.head.querySelector<HTMLElement>(selector);
  if (existing) {
    const previous = existing.getAttribute(attribute);
    existing.setAttribute(attribute, value);
    return () => {
      if (previous === null) existing.removeAttribute(attribute);
      else existing.setAttribute(attribute, previous);
    };
  }
  const element = create();
  element.setAttribute(attribute, value);
  document.head.appendChild(element);
  return () => element.remove();
}

function metaNamed(name: string) {
  return () => {
    const meta = document.createElement('meta');
    meta.setAttribute('name', name);
    return meta;
  };
}

export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previousTitle = document.title;
    document.title = title;
    return () => {
      document.title = previousTitle;
    };
  }, [title]);
}

export function useDocumentHead({ description, canonicalPath, robots }: DocumentHead) {
  useEffect(() => {
    const undo = [
      setHeadAttribute(
        'meta[name="description"]',
        metaNamed('description'),
        'content',
        description,
      ),
    ];
    if (canonicalPath !== undefined) {
      const href = new URL(canonicalPath, window.location.origin).href;
      const createLink = () => {
        const link = document.createElement('link');
        link.setAttribute('rel', 'canonical');
        return link;
      };
      undo.push(setHeadAttribute('link[rel="canonical"]', createLink, 'href', href));
    }
    if (robots !== undefined) {
      undo.push(setHeadAttribute('meta[name="robots"]', metaNamed('robots'), 'content', robots));
    }
    return () => undo.reverse().forEach((restore) => restore());
  }, [description, canonicalPath, robots]);
}
