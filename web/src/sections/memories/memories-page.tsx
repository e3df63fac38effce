import { Route, Routes } from 'react-router';
import { MemoryDetailPage } from './memory-detail-page.tsx';
import { MemoryListPage } from './memory-list-page.tsx';

/** `/memories` (the list, search and filters) and `/memories/:id` (one memory and its history). */
export function MemoriesPage() {
  return (
    <Routes>
      <Route index element={<MemoryListPage />} />
      <Route path=":id" element={<MemoryDetailPage />} />
    </Routes>
  );
}
