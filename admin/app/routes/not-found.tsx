import { data } from 'react-router';

export function loader() {
  throw data('There is no such page in the console.', { status: 404 });
}

export default function NotFound() {
  return null;
}
