import { NavLink } from 'react-router';
import { writeAddress } from '../../ui/address-fields.ts';
import { PROJECT_ADDRESS, useProjectChoice } from '../../ui/project-picker.tsx';

/** The Memories section's two views of a project: all its memories, and those that need review. */
export function MemoryTabs() {
  const { workspace, project } = useProjectChoice();
  const chosen = writeAddress(PROJECT_ADDRESS, new URLSearchParams(), { workspace, project }).toString();
  const query = chosen ? `?${chosen}` : '';
  return (
    <nav className="tabs" aria-label="Memories">
      <NavLink to={`/memories${query}`} end>
        All memories
      </NavLink>
      <NavLink to={`/memories/review${query}`}>Needs review</NavLink>
    </nav>
  );
}
