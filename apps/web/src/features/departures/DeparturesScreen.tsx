import { lazy, Suspense } from 'react'
import { Skeleton } from '@mantine/core'
import { Route, Routes } from 'react-router'
import { ResourceListPage } from '../../components/resource/ResourceListPage'
import { ResourceFormPage } from '../../components/resource/ResourceFormPage'
import { NotFound } from '../../components/NotFound'
import departures from './departures.resource'

const DeparturePage = lazy(() => import('./DeparturePage'))

/**
 * /app/departures (issue 29): the list, the full-page form (`create`, `edit/:id`) and the departure's own
 * page (`:id`, the itinerary), under one registry item.
 */
export default function DeparturesScreen() {
  return (
    <Routes>
      <Route index element={<ResourceListPage resource={departures} />} />
      <Route path="create" element={<ResourceFormPage resource={departures} mode="create" />} />
      <Route path="edit/:id" element={<ResourceFormPage resource={departures} mode="edit" />} />
      <Route
        path=":id"
        element={
          <Suspense fallback={<Skeleton h={320} />}>
            <DeparturePage />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFound home="/app" fullScreen={false} />} />
    </Routes>
  )
}
