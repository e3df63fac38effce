import { Route, Routes } from 'react-router';
import { ImportDetailPage } from './import-detail-page.tsx';
import { ImportListPage } from './import-list-page.tsx';

/** `/imports` (a project's imports and the upload) and `/imports/:id` (one import's steps and review). */
export function ImportsPage() {
  return (
    <Routes>
      <Route index element={<ImportListPage />} />
      <Route path=":id" element={<ImportDetailPage />} />
    </Routes>
  );
}
