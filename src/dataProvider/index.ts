export { apiErrors, useApiErrors } from './apiErrors';
export { type AppDataProvider, createDataProvider } from './dataProvider';
export { BAD_REQUEST, createHttpClient, type HttpClient, UNEXPECTED_ERROR } from './httpClient';
