import { render } from '@testing-library/react';

import { useDocumentHead, type DocumentHead } from '@/lib/use-document-head';

function Head(props: DocumentHead) {
  useDocumentHead(props);
  return null;
}

const meta = (name: string) => document.head.querySelector(`meta[name="${name}"]`);
const canonical = () => document.head.querySelector('link[rel="canonical"]');

describe('useDocumentHead', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="description" content="The app.">';
    document.title = 'QR Verify';
  });

  it('sets title, description, canonical link and robots, and restores them after', () => {
    const { unmount } = render(
      <Head
        title="Reset | QR Verify"
        description="Reset your password."
        canonicalPath="/forgot-password"
        robots="noindex, nofollow"
      />,
    );

    expect(document.title).toBe('Reset | QR Verify');
    expect(meta('description')).toHaveAttribute('content', 'Reset your password.');
    expect(canonical()).toHaveAttribute('href', 'http://localhost/forgot-password');
    expect(meta('robots')).toHaveAttribute('content', 'noindex, nofollow');

    unmount();

    expect(document.title).toBe('QR Verify');
    expect(meta('description')).toHaveAttribute('content', 'The app.');
    expect(canonical()).toBeNull();
    expect(meta('robots')).toBeNull();
  });

  it('hands over cleanly from one screen to the next', () => {
    const { rerender } = render(
      <Head title="SSO" description="SSO." canonicalPath="/sso" robots="noindex" />,
    );
    rerender(<Head title="Sign In" description="Sign in." canonicalPath="/signin" />);

    expect(document.title).toBe('Sign In');
    expect(meta('robots')).toBeNull();
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(canonical()).toHaveAttribute('href', 'http://localhost/signin');
  });
});
