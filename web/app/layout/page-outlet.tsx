import { Outlet, useLocation, useNavigation } from "react-router";
import { PageLoading } from "../../components/ui/page-loading";

/**
 * The page under a layout's bar. While the code of another page is on its way (React Router loads
 * each page on demand, router.tsx), a loading notice stands in for the page being left.
 */
export function PageOutlet() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const isOpeningAnotherPage = navigation.state === "loading" && navigation.location.pathname !== pathname;
  return isOpeningAnotherPage ? <PageLoading /> : <Outlet />;
}
