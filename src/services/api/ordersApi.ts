/** Patients and orders: the worklist's reads. */
import { apiRequest } from './apiRequest'
import { baseApi, LIST_ID } from './baseApi'
import { orderSchema, patientSchema, type Id, type Order, type Patient } from './contract'
import { listAnswer } from './listAnswer'

export const ordersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's marker for an endpoint without argument
    listPatients: build.query<Patient[], void>({
      query: () => apiRequest('listPatients', {}),
      responseSchema: listAnswer(patientSchema),
      providesTags: (patients = []) => [
        { type: 'Patient', id: LIST_ID },
        ...patients.map((patient) => ({ type: 'Patient' as const, id: patient.id })),
      ],
    }),
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's marker for an endpoint without argument
    listOrders: build.query<Order[], void>({
      query: () => apiRequest('listOrders', {}),
      responseSchema: listAnswer(orderSchema),
      providesTags: (orders = []) => [
        { type: 'Order', id: LIST_ID },
        ...orders.map((order) => ({ type: 'Order' as const, id: order.id })),
      ],
    }),
    getOrder: build.query<Order, Id>({
      query: (id) => apiRequest('getOrder', { params: { id } }),
      responseSchema: orderSchema,
      providesTags: (_order, _error, id) => [{ type: 'Order', id }],
    }),
  }),
})

export const { useListPatientsQuery, useListOrdersQuery, useGetOrderQuery } = ordersApi
