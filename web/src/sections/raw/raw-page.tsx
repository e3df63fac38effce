import { Route, Routes } from 'react-router';
import { RawMessagePage } from './raw-message-page.tsx';
import { RawSearchPage } from './raw-search-page.tsx';

/** `/raw` (the audited search of a project's transcripts) and `/raw/:id` (one message's snippet). */
export function RawPage() {
  return (
    <Routes>
      <Route index element={<RawSearchPage />} />
      <Route path=":id" element={<RawMessagePage />} />
    </Routes>
  );
}
