import type { APIRoute, GetStaticPaths } from 'astro';
import { documentAt, topicDocumentPaths } from '../../model/site-data.ts';

// Written by the build from its site index (site/model/pages/documents.ts), for each topic that has one.
export const getStaticPaths: GetStaticPaths = () => topicDocumentPaths('opml.xml');

export const GET: APIRoute = ({ params }) => new Response(documentAt(`${params.topic}/opml.xml`), { headers: { 'Content-Type': 'text/x-opml; charset=utf-8' } });
