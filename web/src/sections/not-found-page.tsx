import { Link } from 'react-router';
import { Page } from '../ui/page.tsx';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <p>
        Nothing lives at this address. <Link to="/">Go to the overview</Link>.
      </p>
    </Page>
  );
}
