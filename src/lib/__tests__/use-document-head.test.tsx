import { render } from '@testing-library/react';

import { useDocumentHead, useDocumentTitle, type DocumentHead } from '@/lib/use-document-head';

function Head(props: DocumentHead) {
  useDocumentHead(props);
  return null;
}

function Title({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

const meta = (name: string) => document.head.querySelector(`meta[name="${name}"]`);
const canonical = () => document.head.querySelector('link[rel="canonical"]');

beforeEach(() => {
  document.head.innerHTML = '<meta name="description" content="The app.">';
  document.title = 'QR Verify';
});

describe('useDocumentHead', () => {
  it('sets description, canonical link and robots, and restores them after', () => {
    const { unmount } = render(
      <Head
        description="Reset your password."
        canonicalPath="/forgot-password"
        robots="noindex, nofollow"
      />,
    );

    expect(meta('description')).toHaveAttribute('content', 'Reset your password.');
    expect(canonical()).toHaveAttribute('href', 'http://localhost/forgot-password');
    expect(meta('robots')).toHaveAttribute('content', 'noindex, nofollow');

    unmount();

    expect(meta('description')).toHaveAttribute('content', 'The app.');
    expect(canonical()).toBeNull();
    expect(meta('robots')).toBeNull();
  });

  it('hands over cleanly from one screen to the next', () => {
    const { rerender } = render(<Head description="SSO." canonicalPath="/sso" robots="noindex" />);
    rerender(<Head description="Sign in." canonicalPath="/signin" />);

    expect(meta('robots')).toBeNull();
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(canonical()).toHaveAttribute('href', 'http://localhost/signin');
  });
});

describe('useDocumentTitle', () => {
  it('sets the title, follows changes, and restores the one before', () => {
    const { rerender, unmount } = render(<Title title="Sign In · QR Verify" />);
    expect(document.title).toBe('Sign In · QR Verify');

    rerender(<Title title="Plans · QR Verify" />);
    expect(document.title).toBe('Plans · QR Verify');

    unmount();
    expect(document.title).toBe('QR Verify');
  });
});
