/**
 * What the frontends take from react-router, and all the shared `react-router` module carries.
 * A Module Federation shared module is bundled whole (its provider cannot know what the remotes
 * will use), so webpack aliases `react-router` to this file in every frontend: the singleton the
 * shell provides is react-router cut down to these names (54 KB → see bench/README.md), still one
 * router for the shell and every remote. A frontend that needs another name adds it here — the
 * build fails on a name missing from this list.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'honne-react-router-impl';
