#!/usr/bin/perl
use strict;
use warnings;
my ($a, $b) = split ' ', <STDIN>;
print "hello ", $a + $b, "\n";
