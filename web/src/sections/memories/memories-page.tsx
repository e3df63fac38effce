import { Route, Routes } from 'react-router';
import { MemoryDetailPage } from './memory-detail-page.tsx';
import { MemoryListPage } from './memory-list-page.tsx';
import { MemoryReviewPage } from './memory-review-page.tsx';

/**
 * `/memories` (the list, search and filters), `/memories/review` (the memories that need review)
 * and `/memories/:id` (one memory and its history).
 */
export function MemoriesPage() {
  return (
    <Routes>
      <Route index element={<MemoryListPage />} />
      <Route path="review" element={<MemoryReviewPage />} />
      <Route path=":id" element={<MemoryDetailPage />} />
    </Routes>
  );
}
