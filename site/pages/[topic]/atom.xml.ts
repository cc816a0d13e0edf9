import type { APIRoute, GetStaticPaths } from 'astro';
import { documentAt, topicDocumentPaths } from '../../model/site-data.ts';

// Written by the build from its site index (site/model/pages/documents.ts), for each topic that has one.
export const getStaticPaths: GetStaticPaths = () => topicDocumentPaths('atom.xml');

export const GET: APIRoute = ({ params }) => new Response(documentAt(`${params.topic}/atom.xml`), { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
